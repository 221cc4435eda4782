(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-6e.js"]={"and":"pc'g'r'ke/zf;","angles":"xx++u++","anot":"jm/lc/","any":"mg+f+`++ab+d+c+a+d+t+a+a+g+d+cg+"};
