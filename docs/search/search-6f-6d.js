(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-6d.js"]={"omitted":"su/","omp_num_threads":"ar/bd;ug/"};
