(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-35.js"]={"15":"xja/qc/`r/","150":"tfa;","151":"k}aG","154":"lna/","155":"k}a;ce/","159":"tfa/"};
