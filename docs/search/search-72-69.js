(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-69.js"]={"right":"/sc/pe/og/df/u/v/","rise":"~v/","rises":"zi/pa/uc/","rising":"kn/qh/"};
