(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-6d.js"]={"omp_num_threads":"uf/se/oa/fh/bd/`b;gi;bd/qc/ac/bd;ug/ce/`b/"};
