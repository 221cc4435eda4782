(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-6d.js"]={"omp_num_threads":"uf/df/oa/gi/bd/`b;gi;bd/qc/ac/bdSug/ce/`b/"};
