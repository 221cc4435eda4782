(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-h196.js"]={"の記":"uf/qc/da1%%%%%%%pl/kj/","へモ":"tz/ib/","ザだ":"`a/","上昇":"|}/","寄":"jw;","範":"ak/kn/y/pc/","致し":"kl/rk/la/"};
