(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-5f.js"]={"__all__":"ll+","__getattr__":"ml+","__init__":"aa+na+jg+a+fa+h+`+m++`++p+e+g+g+ib+x+d+`a+g+ma+h+h+u+e+f+d+j+db+m+x+m+k+"};
