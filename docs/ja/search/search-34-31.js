(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-31.js"]={"41":"`a/yk/`ca/|n/","414":"}oa/eg/","415":"beb/","417":"ewa/"};
