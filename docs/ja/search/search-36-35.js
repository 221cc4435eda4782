(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36-35.js"]={"65":"z{/ik;ug/bt/","656":"}oa/"};
