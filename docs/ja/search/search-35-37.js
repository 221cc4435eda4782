(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-37.js"]={"57":"mn/vx/","570":"|~a;","578":"}oa/"};
