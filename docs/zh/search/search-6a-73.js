(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6a-73.js"]={"jsd":"lm/","json":"wg+db+kb/v+v/wa+jc'c7`'l7b+fb/ea+fd+t/sa+ka/df?y'fc3s'da+ua/w+gb/bd/ug/`b7ac/da+y/"};
