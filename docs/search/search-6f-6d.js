(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-6d.js"]={"omitted":"gza/","omp_num_threads":"uf/gi/oa/wi/bd/`b;gi;bd/qc/ac/bd;ug/ce/`b/"};
