(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-76.js"]={"available":"lj'","average":"{l/f//}h/","averaged":"rc/}/ba/ix/n/","averages":"zd/v/b/xd/va/n/oa/","avoid":"`x/"};
