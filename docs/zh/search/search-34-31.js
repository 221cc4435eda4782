(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-31.js"]={"41":"`a/yk/`ca/|n/","414":"}oa/","415":"beb/"};
