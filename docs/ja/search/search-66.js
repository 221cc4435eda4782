(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-66.js"]={"f":"mc+lc+kb+td++b++gaG`/laS;??/33//a33//ea+++++++++i+wd+a+{c+i+va++++r+bi+dl++o+fS/b/b//a;/ad+rd+h+d+cc/u+s+e+d+c+"};
