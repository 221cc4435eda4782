(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-34.js"]={"24":"uf/xj/zl/~/`b/km/su/","240":"}oa/"};
