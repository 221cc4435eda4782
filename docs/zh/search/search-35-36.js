(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-36.js"]={"56":"{l;hzStv/ac/`b/","560":"ewa/","562":"ewa/","567":"ewa/","568":"beb/"};
