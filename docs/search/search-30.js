(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30.js"]={"0":";xa;f/k/pgGca//cS;;//pa/dSi/q/`S/v;wG/o/eS/c/mS;;;;/hG{a;`/h/va/f;s;na;c/`/o;f/ea/`/"};
