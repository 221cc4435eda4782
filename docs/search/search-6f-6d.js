(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-6d.js"]={"omitted":[511,16],"omp_num_threads":[414,16,107,32,192,16]};
