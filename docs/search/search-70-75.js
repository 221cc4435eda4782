(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-70-75.js"]={"pulled":"}q/","pulling":"}q/","put":"va'kd/{f/","puts":"jm/nf/rd;ba/"};
