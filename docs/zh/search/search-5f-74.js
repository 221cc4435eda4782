(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-74.js"]={"_t":"ab/","_train_one":"aab+x+"};
