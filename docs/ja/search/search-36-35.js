(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36-35.js"]={"65":"z{/ik;ug/eg/zl/","650":"ewa/","656":"}oa/"};
