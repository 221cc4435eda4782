(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-75.js"]={"guess":"rc/fxG{/fu/bd/","guez":"ega/","guidelines":"zk/","gulrajani":"mn/pb/"};
