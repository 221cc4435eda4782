(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36-30.js"]={"60":"jla/su/","600":"vw;ew/eg/zlS`b/","6000":"de/","601":"}oa/"};
