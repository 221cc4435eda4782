(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-31.js"]={"11":"ufGeg/wd/lc/moSbd/","110":"lna/|n/","112":"k}a;","114":"tfa/","116":"tfa/","118":"tfa/"};
