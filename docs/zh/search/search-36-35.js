(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36-35.js"]={"65":"n`a/ik;ug/bt/","656":"qsa/"};
