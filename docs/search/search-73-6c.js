(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-6c.js"]={"slightly":"j{/","slope":"}n/cfaSl/|l/","slopes":"pq/pcaG5%---b'bm/","slow":"tfa/","slower":"uhb/","slowly":"}oa/"};
