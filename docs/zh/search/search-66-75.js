(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-66-75.js"]={"full":"ia+za+fga+id'","full_like":"yna+","function":"`ka'l'","functional":"yga+lr/bi+","functools":"xta+","furu":"yz/"};
