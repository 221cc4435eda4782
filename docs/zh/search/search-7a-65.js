(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-7a-65.js"]={"zero":"od'","zero_grad":"od+","zeros":"va+ab+hf'''}f+g'yb+ib+n+lb+g++","zeros_":"oq+","zeros_like":"dj+++"};
