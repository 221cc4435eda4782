(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36-31.js"]={"61":"uf;","610":"beb;","611":"fha/","614":"|~a/"};
