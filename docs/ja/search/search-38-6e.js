(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-38-6e.js"]={"8n":"yz//}/"};
