(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-31.js"]={"11":[209,16],"112":[713,16],"117":[713,16],"119":[713,16]};
