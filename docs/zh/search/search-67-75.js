(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-75.js"]={"guez":"ega/","gulrajani":"mn/pb/"};
