(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-33.js"]={"13":"`a/seSse/wi/mo/bd/qc/bt/","130":"tfa/","131":"xja;","136":"tfa;y{;","137":"tfa;"};
