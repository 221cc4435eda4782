(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-70-75.js"]={"pulled":[557,16],"pulling":[557,16],"put":[54,4,137,16,215,16],"puts":[414,16,202,16,144,32,35,16]};
