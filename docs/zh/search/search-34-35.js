(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-35.js"]={"45":"mn/vx/tvG","450":"z{/mo;xj/","453":"ewa/","454":"z{/","455":"ewa/","458":"ewa/","459":"jla;"};
