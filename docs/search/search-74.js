(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74.js"]={"t":"a;ia/e+id+++xcSd//k;`777`///rSie/of+"};
