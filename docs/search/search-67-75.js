(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-75.js"]={"guess":"rc/tvG{/fu/bd/","guez":"sea/","guidelines":"jk/","gulrajani":"|m/pb/"};
