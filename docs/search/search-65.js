(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65.js"]={"e":"oc+}b+fa+~a+pb/gc+b+ae/c/gc+cS|/"};
