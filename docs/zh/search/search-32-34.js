(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-34.js"]={"24":"uf/eg/ik/~/`b/km/su/","240":"xja/"};
