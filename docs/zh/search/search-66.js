(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-66.js"]={"f":"mc+lc+{b+sc++b++gaG`/laS;??/33//a33//t+++++++++i+tb+pa+a+{c+i+va++++r+bi+dl++o+fS/b/b//a;/ad+rd+h+d+cc/u+s+e+d+c+"};
