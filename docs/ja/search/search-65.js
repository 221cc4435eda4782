(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65.js"]={"e":"oc+}b+fa+~a+ye+b+oh+cS|/"};
