(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-75.js"]={"guess":"rc/y{G{/fu/bd/","guez":"xja/","guidelines":"}n/","gulrajani":"pq/pb/"};
