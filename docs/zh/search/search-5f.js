(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f.js"]={"_":"`aSq+}a/rb+q+{b+oe+j/tg+a+o+a+hc+p+ga;g//qb//{f/++e++ia;e+;+ea+`a+a++a+db/i+|+wd+kd+}+ud+h+wd+f+b+a+{+hG"};
