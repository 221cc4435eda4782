(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-6d.js"]={"omp_num_threads":"ar/bd;ug/"};
