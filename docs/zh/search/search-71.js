(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-71.js"]={"q":"`a;~Gi5%%%5%)%5%%%%p'~7+eba;nT4$$0T$$$$$@40@4$488,$i3a+`7c'i''ld/hd''gg/fa/'`''qgSy/lc''`''g''"};
