(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-75.js"]={"tuple":"`a+f+f+n+i+f+m+}a+a+o+|b+b+ka+a++b+`j+d+a+fa+`+ma+n+pb++hk+o+~a+c+p+g+r+nd+a+a+e+vu+na+"};
