(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72.js"]={"r":"jc+gd+b+eo/w+++e+jaScSg//c/+7`3"};
