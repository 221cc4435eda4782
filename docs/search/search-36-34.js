(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36-34.js"]={"64":[54,4,360,32,299,64,8,4,46,4,1,4]};
