(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-69.js"]={"rico":"pba/","right":"ija+","ring":"mnG","rive":"ewa/"};
