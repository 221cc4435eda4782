(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-c196.js"]={"の記":"te/kb/da1%%%%%%%di/|g/","へモ":"ft/eb/","ザだ":"a/","上昇":"~v/","寄":"}q;","範":"yh/sj/j/ac/","致し":"zi/oh/aa/"};
