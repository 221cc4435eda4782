(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-35.js"]={"95":"tfa/seS~/pbSeg/zl/","951":"asa/bd/"};
