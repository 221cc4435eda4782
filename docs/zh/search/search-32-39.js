(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-39.js"]={"291":"bebS","292":"jlaG","294":"ewa;","295":"z{/","296":"z{/","298":"jla/qc/","299":"jla/"};
