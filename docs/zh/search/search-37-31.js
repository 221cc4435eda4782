(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-37-31.js"]={"71":"mn;vx/y{/","716":"}oa/"};
